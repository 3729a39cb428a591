<?php
function bubble_sort(&$a, $n)
{
    for ($i = 0; $i < $n - 1; $i++) {
        for ($j = 0; $j < $n - 1 - $i; $j++) {
            if ($a[$j] > $a[$j + 1]) {
                $t = $a[$j];
                $a[$j] = $a[$j + 1];
                $a[$j + 1] = $t;
            }
        }
    }
}

$a = [5, 3, 1, 4, 2];
bubble_sort($a, count($a));
echo implode(" ", $a), "\n";
