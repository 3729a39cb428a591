package main

import "fmt"

func factorial_loop(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

func main() {
	fmt.Println(factorial_loop(10))
}
