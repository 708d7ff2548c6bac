s/pid[0-9]+:/pidPID:/
