package main

import "fmt"

func factorial_recursive(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial_recursive(n-1)
}

func main() {
	fmt.Println(factorial_recursive(10))
}
