package main

import "fmt"

func linear_search(a []int, n int, x int) int {
	for i := 0; i < n; i++ {
		if a[i] == x {
			return i
		}
	}
	return -1
}

func main() {
	fmt.Println(linear_search([]int{1, 3, 5, 7, 9, 11}, 6, 7))
}
