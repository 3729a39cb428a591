<?php
function bubbleSort(array $a): array
{
    $n = count($a);
    for ($i = 0; $i < $n - 1; $i++) {
        for ($j = 0; $j < $n - $i - 1; $j++) {
            if ($a[$j] > $a[$j + 1]) {
                $tmp = $a[$j];
                $a[$j] = $a[$j + 1];
                $a[$j + 1] = $tmp;
            }
        }
    }
    return $a;
}

function linearSearch(array $a, $x): int
{
    foreach ($a as $i => $v) {
        if ($v == $x) {
            return $i;
        }
    }
    return -1;
}

$data = [34, 7, 23, 32, 5, 62];
$sorted = bubbleSort($data);
print_r($sorted);
$pos = linearSearch($sorted, 23);
if ($pos >= 0) {
    echo "Знайдено на позиції $pos\n";
} else {
    echo "Не знайдено\n";
}
