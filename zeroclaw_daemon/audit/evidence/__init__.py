"""What the turn's tool events offer as evidence: facts per event, indexes per turn, values."""
