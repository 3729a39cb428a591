package main

import "fmt"

func menu_switch(choice int) {
	switch choice {
	case 1:
		fmt.Println("New game")
	case 2:
		fmt.Println("Load game")
	case 3:
		fmt.Println("Settings")
	default:
		fmt.Println("Unknown")
	}
}

func main() {
	var choice int
	fmt.Scan(&choice)
	menu_switch(choice)
}
