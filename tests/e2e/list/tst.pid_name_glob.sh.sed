s/^[ 0-9]{5} (     pid[0-9]{2}|    pid[0-9]{3}|   pid[0-9]{4}|  pid[0-9]{5}| pid[0-9]{6}|pid[0-9]{7}) /   ID    pidPID /
s/pid[0-9]+:/pidPID:/g
