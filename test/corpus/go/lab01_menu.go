package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func printMenu() {
	fmt.Println("1 - додати задачу")
	fmt.Println("2 - показати задачі")
	fmt.Println("0 - вихід")
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var tasks []string
	choice := -1
	for choice != 0 {
		printMenu()
		fmt.Print("Вибір: ")
		fmt.Scanln(&choice)
		switch choice {
		case 1:
			fmt.Print("Назва: ")
			title, _ := reader.ReadString('\n')
			tasks = append(tasks, strings.TrimSpace(title))
		case 2:
			for i, t := range tasks {
				fmt.Printf("%d. %s\n", i+1, t)
			}
		case 0:
			fmt.Println("Бувай!")
		default:
			fmt.Println("Невідомий пункт")
		}
	}
}
