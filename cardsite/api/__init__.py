"""The conventions every API of the site shares: errors, their handler, the parser, pagination, reading requests."""
