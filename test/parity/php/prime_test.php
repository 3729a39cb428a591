<?php
function prime_test($n)
{
    if ($n < 2) {
        return false;
    }
    $i = 2;
    while ($i * $i <= $n) {
        if ($n % $i == 0) {
            return false;
        }
        $i++;
    }
    return true;
}

echo prime_test(10), "\n";
