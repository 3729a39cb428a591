package main

import "fmt"

func factorial(n int) int {
	if n <= 1 {
		return 1
	}
	return n * factorial(n-1)
}

func power(x float64, k int) float64 {
	switch {
	case k == 0:
		return 1
	case k < 0:
		return 1 / power(x, -k)
	default:
		return x * power(x, k-1)
	}
}

func binarySearch(a []int, x, lo, hi int) int {
	if lo > hi {
		return -1
	}
	mid := (lo + hi) / 2
	if a[mid] == x {
		return mid
	} else if a[mid] < x {
		return binarySearch(a, x, mid+1, hi)
	}
	return binarySearch(a, x, lo, mid-1)
}

func main() {
	var n int
	fmt.Scan(&n)
	fmt.Println("n! =", factorial(n))
	fmt.Println("2^n =", power(2, n))
	a := []int{1, 3, 5, 7, 9, 11}
	fmt.Println("Індекс 7:", binarySearch(a, 7, 0, len(a)-1))
}
