// Лабораторна робота №5. Сортування масивів
// Варіант 2: сортування вибором масиву структур (студенти за середнім балом)
// з підрахунком кількості порівнянь та обмінів
package main

import "fmt"

type Student struct {
	Name    string
	Group   string
	Average float64
}

// selectionSort впорядковує студентів за спаданням середнього бала
// і повертає кількість порівнянь та обмінів.
func selectionSort(list []Student) (int, int) {
	comparisons := 0
	swaps := 0
	for i := 0; i < len(list)-1; i++ {
		best := i
		for j := i + 1; j < len(list); j++ {
			comparisons++
			if list[j].Average > list[best].Average {
				best = j
			}
		}
		if best != i {
			list[i], list[best] = list[best], list[i]
			swaps++
		}
	}
	return comparisons, swaps
}

func printTable(list []Student) {
	fmt.Println("----------------------------------")
	fmt.Printf("%-3s %-12s %-7s %s\n", "№", "Прізвище", "Група", "Бал")
	for i, s := range list {
		fmt.Printf("%-3d %-12s %-7s %.1f\n", i+1, s.Name, s.Group, s.Average)
	}
	fmt.Println("----------------------------------")
}

func readAverage(name string) float64 {
	var avg float64
	fmt.Printf("Середній бал студента %s (60-100): ", name)
	fmt.Scan(&avg)
	for avg < 60 || avg > 100 {
		fmt.Println("Помилка! Бал має бути від 60 до 100")
		fmt.Printf("Середній бал студента %s (60-100): ", name)
		fmt.Scan(&avg)
	}
	return avg
}

func main() {
	students := []Student{
		{"Коваленко", "КН-21", 0},
		{"Шевчук", "КН-21", 0},
		{"Бондаренко", "КН-22", 0},
		{"Ткаченко", "КН-22", 0},
		{"Мельник", "КН-21", 0},
	}
	for i := range students {
		students[i].Average = readAverage(students[i].Name)
	}
	fmt.Println("До сортування:")
	printTable(students)

	comparisons, swaps := selectionSort(students)
	fmt.Println("Після сортування за спаданням бала:")
	printTable(students)
	fmt.Printf("Порівнянь: %d, обмінів: %d\n", comparisons, swaps)

	scholarship := 0
	for _, s := range students {
		if s.Average >= 90 {
			scholarship++
		}
	}
	fmt.Println("Найвищий бал має", students[0].Name)
	fmt.Println("Студентів з балом від 90:", scholarship)
}
