<?php
function factorial(int $n): int
{
    if ($n <= 1) {
        return 1;
    }
    return $n * factorial($n - 1);
}

function fib(int $n): int
{
    return $n < 2 ? $n : fib($n - 1) + fib($n - 2);
}

function sumDigits(int $n): int
{
    if ($n < 10) {
        return $n;
    }
    return $n % 10 + sumDigits(intdiv($n, 10));
}

$n = (int) trim(fgets(STDIN));
echo "n! = " . factorial($n) . "\n";
for ($i = 0; $i <= $n; $i++) {
    echo fib($i), " ";
}
echo "\nСума цифр: ", sumDigits($n), "\n";
