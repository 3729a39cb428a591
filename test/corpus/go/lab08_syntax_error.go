package main

import "fmt"

func sum(a []int) int {
	s := 0
	for _, v := range a {
		s += v
	}
	return s
}

func main() {
	x := (1 +
	fmt.Println(sum([]int{1, 2, 3}))
}
