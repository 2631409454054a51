"""The root conftest of the project's tests: kept tiny.  ``pytester`` runs pytest
in-process on small temporary projects (tests/harness/)."""

pytest_plugins = ["pytester"]
