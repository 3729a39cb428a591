package main

import "fmt"

func binary_search(a []int, n int, x int) int {
	lo := 0
	hi := n - 1
	for lo <= hi {
		mid := (lo + hi) / 2
		if a[mid] == x {
			return mid
		} else if a[mid] < x {
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return -1
}

func main() {
	fmt.Println(binary_search([]int{1, 3, 5, 7, 9, 11}, 6, 7))
}
