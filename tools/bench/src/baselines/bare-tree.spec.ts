import { benchTree } from '../processing-scenario';
import { tasksAfter, TREE_TASKS } from './bare-tree';

type Task = { success?: Task[] };

describe('the bare tree baseline', () => {
  it("runs the tree scenario's tasks: numbered level by level, each with the tasks after it", () => {
    // Number the scenario's tasks as the baseline does: level by level, left to right.
    const numbered: { task: Task; after: Task[] }[] = [];
    let level: Task[] = benchTree('t') as Task[];
    while (level.length > 0) {
      for (const task of level) numbered.push({ task, after: task.success ?? [] });
      level = level.flatMap((task) => task.success ?? []);
    }
    const indexOf = (task: Task) => numbered.findIndex((n) => n.task === task);

    expect(numbered).toHaveLength(TREE_TASKS);
    numbered.forEach(({ after }, index) => {
      expect(tasksAfter(index)).toEqual(after.map(indexOf));
    });
  });
});
