//go:build !linux

package main

import "os/exec"

// dieWithParent has no portable equivalent outside Linux; the bench stops
// the server itself on every path but a hard kill.
func dieWithParent(*exec.Cmd) {}
