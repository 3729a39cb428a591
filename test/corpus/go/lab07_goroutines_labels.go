package main

import (
	"fmt"
	"sync"
)

func square(n int, results chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	results <- n * n
}

func main() {
	var wg sync.WaitGroup
	results := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		wg.Add(1)
		go square(i, results, &wg)
	}
	wg.Wait()
	close(results)
	total := 0
	for r := range results {
		total += r
	}
	fmt.Println("Сума квадратів:", total)

outer:
	for i := 2; i < 30; i++ {
		for j := 2; j*j <= i; j++ {
			if i%j == 0 {
				continue outer
			}
		}
		switch {
		case i > 20:
			break outer
		case i%2 == 1:
			fmt.Println("Просте:", i)
			fallthrough
		default:
			total++
		}
	}
}
