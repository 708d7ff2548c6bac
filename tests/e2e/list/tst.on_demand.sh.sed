s/^[ 0-9]{5}( +profile )/   ID\1/
