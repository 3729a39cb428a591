package main

import "fmt"

func fibonacci(n int) int {
	a := 0
	b := 1
	for i := 0; i < n; i++ {
		t := a + b
		a = b
		b = t
	}
	return a
}

func main() {
	fmt.Println(fibonacci(10))
}
