# Trojan Source: the first bidirectional control character of the file is reported once
escaped = "\u202e"  # written as an escape: the file does not contain the character
arabic = "مرحبا"  # right-to-left letters are not control characters
access_level = "user"
if access_level != "none‮ ⁦":  # check if admin⁩ ⁦  # expect: B613@25
    print("You are an admin.")
label = "‏"  # a second hit in the same file is not reported
