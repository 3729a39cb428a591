package main

import "fmt"

func digit_sum(n int) int {
	s := 0
	for n > 0 {
		s += n % 10
		n /= 10
	}
	return s
}

func main() {
	fmt.Println(digit_sum(10))
}
