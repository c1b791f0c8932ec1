"""The static site: page plan (pure view models), Jinja rendering, caching and an
atomic, write-only-what-changed sync into the output folder.  Entry point:
``generator.site.build.build_site``."""
