"""Analysis of the deals themselves (double dummy, par): not scoring, so outside the engine."""
