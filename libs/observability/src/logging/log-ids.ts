/**
 * A small number per object for log lines, handed out in order of first use: the debug query lines
 * name their TypeORM query runner by it, so the statements of one database transaction can be told
 * from another connection's logged in between. Held weakly: a finished runner is forgotten.
 */
export class LogIds<T extends object> {
  private readonly ids = new WeakMap<T, number>();
  private next = 1;

  of(object: T | undefined): number | undefined {
    if (!object) return undefined;
    let id = this.ids.get(object);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(object, id);
    }
    return id;
  }
}
