// CoachStore: see README, "Architecture".
