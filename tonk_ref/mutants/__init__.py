"""Mutation testing of the conformance suite (issue 4, item 5).

:mod:`.catalog` holds single-fault mutants of the reference engine, :mod:`.faults` their
faulty code, :mod:`.core` the machinery that switches one on without editing the engine,
and :mod:`.runner` runs the suite against each mutant and scores it.  The engine never
imports this package.
"""
