// CoachTUI: see README, "Architecture".
