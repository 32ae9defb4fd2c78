/**
 * A growable list of weighted undirected edges between vertices 0…n−1, stored in typed arrays
 * (a Swiss round of 1,000 players has ~500,000 candidate edges).
 *
 * Weights should be integers with |w| < 2^50 so that the matching's dual arithmetic is exact
 * (the algorithm doubles weights and halves slacks; integers keep every step exact).
 */
export class EdgeList {
  private fromArr = new Int32Array(1024);
  private toArr = new Int32Array(1024);
  private weightArr = new Float64Array(1024);
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(u: number, v: number, weight: number): void {
    if (u === v) throw new Error(`EdgeList: loop at vertex ${u}`);
    if (this.count === this.fromArr.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as { new (n: number): T })(a.length * 2);
        b.set(a);
        return b;
      };
      this.fromArr = grow(this.fromArr);
      this.toArr = grow(this.toArr);
      this.weightArr = grow(this.weightArr);
    }
    this.fromArr[this.count] = u;
    this.toArr[this.count] = v;
    this.weightArr[this.count] = weight;
    this.count++;
  }

  from(k: number): number {
    return this.fromArr[k];
  }

  to(k: number): number {
    return this.toArr[k];
  }

  weight(k: number): number {
    return this.weightArr[k];
  }

  static of(edges: ReadonlyArray<readonly [number, number, number]>): EdgeList {
    const list = new EdgeList();
    for (const [u, v, w] of edges) list.push(u, v, w);
    return list;
  }
}
