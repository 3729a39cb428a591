package main

import "fmt"

func minMax(a []float64) (float64, float64) {
	min, max := a[0], a[0]
	for _, v := range a[1:] {
		if v < min {
			min = v
		}
		if v > max {
			max = v
		}
	}
	return min, max
}

func main() {
	var n int
	fmt.Print("n = ")
	fmt.Scan(&n)
	a := make([]float64, n)
	sum := 0.0
	for i := 0; i < n; i++ {
		fmt.Printf("a[%d] = ", i)
		fmt.Scan(&a[i])
		sum += a[i]
	}
	lo, hi := minMax(a)
	fmt.Printf("Мінімум: %.2f, максимум: %.2f\n", lo, hi)
	fmt.Println("Середнє:", sum/float64(n))
}
