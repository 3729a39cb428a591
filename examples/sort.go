package main

import "fmt"

func bubbleSort(a []int) {
	n := len(a)
	for i := 0; i < n-1; i++ {
		swapped := false
		for j := 0; j < n-1-i; j++ {
			if a[j] > a[j+1] {
				a[j], a[j+1] = a[j+1], a[j]
				swapped = true
			}
		}
		if !swapped {
			break
		}
	}
}

func insertionSort(a []int) {
	for i := 1; i < len(a); i++ {
		key := a[i]
		j := i - 1
		for j >= 0 && a[j] > key {
			a[j+1] = a[j]
			j--
		}
		a[j+1] = key
	}
}

func main() {
	a := []int{5, 2, 9, 1, 7}
	b := []int{8, 3, 6, 4}
	bubbleSort(a)
	insertionSort(b)
	fmt.Println("Бульбашка:", a)
	fmt.Println("Вставки:", b)
}
