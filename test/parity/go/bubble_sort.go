package main

import "fmt"

func bubble_sort(a []int, n int) {
	for i := 0; i < n-1; i++ {
		for j := 0; j < n-1-i; j++ {
			if a[j] > a[j+1] {
				t := a[j]
				a[j] = a[j+1]
				a[j+1] = t
			}
		}
	}
}

func main() {
	a := []int{5, 3, 1, 4, 2}
	bubble_sort(a, len(a))
	fmt.Println(a)
}
