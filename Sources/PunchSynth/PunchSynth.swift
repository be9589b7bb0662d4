// PunchSynth: see README, "Architecture".
