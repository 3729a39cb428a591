package main

import "fmt"

func matrix_sum(m [][]int, rows, cols int) int {
	s := 0
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			s += m[i][j]
		}
	}
	return s
}

func main() {
	fmt.Println(matrix_sum([][]int{{1, 2}, {3, 4}}, 2, 2))
}
