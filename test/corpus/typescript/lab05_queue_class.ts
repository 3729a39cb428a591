class Queue<T> {
  private items: T[] = [];

  enqueue(item: T): void {
    this.items.push(item);
  }

  dequeue(): T | undefined {
    if (this.isEmpty()) {
      throw new Error("Черга порожня");
    }
    return this.items.shift();
  }

  isEmpty(): boolean {
    return this.items.length === 0;
  }
}

const q = new Queue<number>();
for (let i = 1; i <= 5; i++) {
  q.enqueue(i * i);
}
while (!q.isEmpty()) {
  console.log(q.dequeue());
}
try {
  q.dequeue();
} catch (e) {
  console.log("Помилка: " + (e as Error).message);
} finally {
  console.log("Кінець роботи");
}
