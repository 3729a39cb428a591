package main

import (
	"errors"
	"fmt"
)

type Stack struct {
	items []int
}

func (s *Stack) Push(v int) {
	s.items = append(s.items, v)
}

func (s *Stack) Pop() (int, error) {
	if len(s.items) == 0 {
		return 0, errors.New("стек порожній")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}

func (s Stack) Empty() bool {
	return len(s.items) == 0
}

func main() {
	st := &Stack{}
	defer fmt.Println("Роботу завершено")
	for i := 1; i <= 3; i++ {
		st.Push(i * 10)
	}
	for !st.Empty() {
		v, _ := st.Pop()
		fmt.Println(v)
	}
	if _, err := st.Pop(); err != nil {
		fmt.Println("Помилка:", err)
	}
}
