package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	age := 0
	for age <= 0 {
		fmt.Print("Вік: ")
		scanner.Scan()
		text := strings.TrimSpace(scanner.Text())
		value, err := strconv.Atoi(text)
		if err != nil || value <= 0 {
			fmt.Println("Введіть додатне ціле число")
			continue
		}
		age = value
	}
	if age < 18 {
		fmt.Println("Неповнолітній")
	} else if age < 60 {
		fmt.Println("Дорослий")
	} else {
		fmt.Println("Пенсіонер")
	}
}
