/* Not part of the build: compiled alone to check that a remote compile error reaches
 * the user as file:line, like a local one. The error is on line 5. */
int broken(void)
{
    return undeclared_name;
}
