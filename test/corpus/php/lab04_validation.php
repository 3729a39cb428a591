<?php
function readInt(string $prompt): int
{
    do {
        echo $prompt;
        $line = trim(fgets(STDIN));
        $ok = is_numeric($line) && (int) $line == $line;
        if (!$ok) {
            echo "Помилка: потрібне ціле число\n";
        }
    } while (!$ok);
    return (int) $line;
}

$a = readInt("a = ");
$b = readInt("b = ");
try {
    $q = intdiv($a, $b);
    echo "Частка: $q\n";
} catch (DivisionByZeroError $e) {
    echo "Ділення на нуль\n";
}
if ($a > $b) {
    echo "a більше\n";
} elseif ($a < $b) {
    echo "b більше\n";
} else {
    echo "Рівні\n";
}
