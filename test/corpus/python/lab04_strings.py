# Лабораторна робота №4: обробка рядків
VOWELS = "аеєиіїоуюяaeiou"


def count_vowels(s):
    count = 0
    for ch in s.lower():
        if ch in VOWELS:
            count += 1
    return count


def is_palindrome(s):
    clean = "".join(ch for ch in s.lower() if ch.isalnum())
    left, right = 0, len(clean) - 1
    while left < right:
        if clean[left] != clean[right]:
            return False
        left += 1
        right -= 1
    return True


def longest_word(s):
    best = ""
    for word in s.split():
        word = word.strip(".,!?;:")
        if len(word) > len(best):
            best = word
    return best


def main():
    text = input("Введіть рядок: ")
    print("Голосних:", count_vowels(text))
    print("Паліндром" if is_palindrome(text) else "Не паліндром")
    print("Найдовше слово:", longest_word(text))
    words = text.split()
    print("Слова у зворотному порядку:", " ".join(reversed(words)))


if __name__ == "__main__":
    main()
