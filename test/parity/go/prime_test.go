package main

import "fmt"

func prime_test(n int) bool {
	if n < 2 {
		return false
	}
	i := 2
	for i*i <= n {
		if n%i == 0 {
			return false
		}
		i++
	}
	return true
}

func main() {
	fmt.Println(prime_test(10))
}
