<?php
class Rectangle
{
    private float $width;
    private float $height;

    public function __construct(float $width, float $height)
    {
        if ($width <= 0 || $height <= 0) {
            throw new InvalidArgumentException("Сторони мають бути додатними");
        }
        $this->width = $width;
        $this->height = $height;
    }

    public function area(): float
    {
        return $this->width * $this->height;
    }

    public function perimeter(): float
    {
        return 2 * ($this->width + $this->height);
    }

    public function isSquare(): bool
    {
        return $this->width == $this->height;
    }
}

$r = new Rectangle(3, 4);
echo "Площа: " . $r->area() . "\n";
echo "Периметр: " . $r->perimeter() . "\n";
if ($r->isSquare()) {
    echo "Це квадрат\n";
}
