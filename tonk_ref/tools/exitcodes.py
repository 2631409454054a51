"""The exit statuses of the ``tonk`` commands, in one place (spec/scenarios.md, "Running
an engine", lists them for users)."""

#: Everything asked was checked and held (known failures allowed).
OK = 0
#: A case failed or errored, a file failed to load, or a known-failures entry went stale.
FAILED = 1
#: Bad input: an unknown option, a bad rules or known-failures file (one line says where).
USAGE = 2
#: The engine could not be started, did not answer ``hello`` as the protocol says, or
#: stopped answering (faults on many cases in a row): the run was cut short.
ENGINE = 3
#: Nothing was checked: every case was skipped or deselected, or the engine lacks the
#: feature the command needs (``tonk perft --check`` without ``legal_actions``).
NOTHING_CHECKED = 4
#: Interrupted by SIGINT (Ctrl-C) or SIGTERM: 128 + the signal's number (130, 143); the
#: reports asked for hold the cases that ran, marked partial
#: (:class:`~tonk_ref.adapters.lifetime.Interrupted`).
INTERRUPTED_SIGINT = 130
INTERRUPTED_SIGTERM = 143
