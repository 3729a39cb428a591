function matrix_sum(m: number[][], rows: number, cols: number): number {
    let s: number = 0;
    for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
            s += m[i][j];
        }
    }
    return s;
}

console.log(matrix_sum(10));
