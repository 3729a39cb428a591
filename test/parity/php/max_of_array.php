<?php
function max_of_array($a, $n)
{
    $m = $a[0];
    for ($i = 1; $i < $n; $i++) {
        if ($a[$i] > $m) {
            $m = $a[$i];
        }
    }
    return $m;
}

echo max_of_array([4, 9, 2], 3), "\n";
