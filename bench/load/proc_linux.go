package main

import (
	"os/exec"
	"syscall"
)

// dieWithParent kills the server if the bench process dies without cleaning
// up (kill -9), so no server is left holding the port and the database.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
