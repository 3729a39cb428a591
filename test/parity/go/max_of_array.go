package main

import "fmt"

func max_of_array(a []int, n int) int {
	m := a[0]
	for i := 1; i < n; i++ {
		if a[i] > m {
			m = a[i]
		}
	}
	return m
}

func main() {
	fmt.Println(max_of_array([]int{4, 9, 2}, 3))
}
