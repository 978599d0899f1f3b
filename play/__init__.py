"""Playing the games whole: the stateless endpoint now, the online tables next (docs/contracts/play.md)."""
