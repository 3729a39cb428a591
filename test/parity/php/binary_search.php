<?php
function binary_search($a, $n, $x)
{
    $lo = 0;
    $hi = $n - 1;
    while ($lo <= $hi) {
        $mid = intdiv($lo + $hi, 2);
        if ($a[$mid] == $x) {
            return $mid;
        } elseif ($a[$mid] < $x) {
            $lo = $mid + 1;
        } else {
            $hi = $mid - 1;
        }
    }
    return -1;
}

echo binary_search([1, 3, 5, 7, 9, 11], 6, 7), "\n";
