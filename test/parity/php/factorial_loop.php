<?php
function factorial_loop($n)
{
    $f = 1;
    for ($i = 2; $i <= $n; $i++) {
        $f *= $i;
    }
    return $f;
}

echo factorial_loop(10), "\n";
