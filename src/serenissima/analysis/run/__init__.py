"""Running many games: one game as a task, and where and how the tasks run.

One game of a batch as a task any process can play
(:mod:`~serenissima.analysis.run.games`) and what it leaves
(:mod:`~serenissima.analysis.run.outcome`); the runner that maps tasks in
this process, in worker processes or on Ray
(:mod:`~serenissima.analysis.run.runner`,
:mod:`~serenissima.analysis.run.ray_backend`); and the journal that keeps
what finished so that a run can resume
(:mod:`~serenissima.analysis.run.journal`). The batches, ladders, quality
runs and value data above all run their games through it.
"""

__all__: list[str] = []
