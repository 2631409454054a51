"""Every output for people, rendered from data the layers below compute: the console
summary and the Markdown report (:mod:`.render`), JUnit XML (:mod:`.junit`), and the
HTML pages (the conformance report, a ruling, a replay, a diff) with their templates and
styles as files of this package (``templates/``, ``static/``)."""
