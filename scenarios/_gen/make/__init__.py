"""From a table row to a scenario file: a script followed on the model (``play``), the
two kinds of table rows (``table`` for the headed families, ``case`` for the others),
contrasts of an option's values (``contrast``), the tables kept as data (``tables``), the
one YAML writer (``write``), a family's files on disk (``files``) and the command line
over a list of families (``command``)."""
