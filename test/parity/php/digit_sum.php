<?php
function digit_sum($n)
{
    $s = 0;
    while ($n > 0) {
        $s += $n % 10;
        $n = intdiv($n, 10);
    }
    return $s;
}

echo digit_sum(10), "\n";
